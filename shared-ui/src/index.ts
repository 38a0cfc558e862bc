export { ShellContextProvider, useShell } from './shell-context';
export { SectionPlacementProvider, useSectionPlacement, type SectionPlacement } from './section-placement';
export * from './tokens';
export * from './reading-preferences';
export {
  FONT_FAMILY_ATTRIBUTE,
  IMAGES_ATTRIBUTE,
  LETTER_SPACING_ATTRIBUTE,
  LINE_HEIGHT_ATTRIBUTE,
  LETTER_SPACING_VALUES,
  SERIF_FONT,
} from './reading-preference-rules';
export { throttle } from './throttle';
export { useThrottledWindowEvent } from './window-events';
export { TouchHighlighter, installTouchHighlight, TOUCH_HIGHLIGHT_ATTRIBUTE } from './touch-highlight';
export { globalStyles } from './global-styles';
export { Section, effectiveTheme, type SectionProps as SectionContainerProps } from './Section';
export {
  Grid,
  Column,
  gridPropProblems,
  columnWidths,
  isGridColumnValue,
  GRID_ALIGN_VALUES,
  GRID_JUSTIFY_VALUES,
  type GridProps,
  type ColumnProps,
  type GridColumnValue,
  type GridAlign,
  type GridJustify,
} from './Grid';
export { SiteLink, type SiteLinkProps } from './SiteLink';
export { usePageLocation, usePageQuery, useNavigateTo } from './routing';
export { classifyHref, scrollToHash, servedAsDocument, type LinkKind } from './links';
export { SectionTitle, Lead, Muted, VisuallyHidden, EmptyState, type EmptyStateProps } from './typography';
export { editorTitleOf, titleIdOf } from './section-heading';
export { Card, CardGrid, type CardProps, type CardGridProps } from './Card';
export { Image, type ImageProps } from './Image';
export { Button, ButtonLink, NewTabHint, type ButtonProps } from './Button';
export { Badge, BadgeList } from './Badge';
export { SafeHtml } from './SafeHtml';
export { hrefWithQuery, listParam, toggleInList } from './query';
export { Pagination, FilterLinks, LinkTabs, pageWindow, type PaginationProps, type LinkOption } from './navigation-controls';
export { DARK_PALETTE, SCHEME_PALETTE } from './palettes';
export { JsonLd, jsonLdText, useAbsoluteUrl, type StructuredData } from './JsonLd';
export { ShareLinks, shareTargets, handleShareButtonsWithoutCode, type ShareLabels, type ShareLinksProps } from './ShareLinks';
export { useLeaveGuard, formHasUnsavedInput } from './leave-guard';
export {
  TextInput,
  TextArea,
  Select,
  FileInput,
  Checkbox,
  CheckRow,
  Field,
  FieldLabel,
  FieldHint,
  FieldError,
  SectionHeading,
  fieldIds,
  describedBy,
  controlClass,
  errorColour,
  type ControlProps,
  type FieldProps,
  type TextInputProps,
} from './form-controls';
