export { ShellContextProvider, useShell } from './shell-context';
export * from './tokens';
export { throttle } from './throttle';
export { globalStyles } from './global-styles';
export { Section, effectiveTheme, type SectionProps as SectionContainerProps } from './Section';
export { SiteLink, type SiteLinkProps } from './SiteLink';
export { classifyHref, scrollToHash, type LinkKind } from './links';
