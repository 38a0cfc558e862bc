export {
  CONTENT_API_START_TIMEOUT_MS,
  startContentApi,
  contentApiForSuite,
  startCaptchaVerifier,
  loadContext,
  descriptorOf,
  scriptedApi,
  unreachableApi,
  type RunningContentApi,
} from './content-api';
export { decode, textOf, linksOf, linkNamed, labelledControls, controlTag, type RenderedLink } from './markup';
