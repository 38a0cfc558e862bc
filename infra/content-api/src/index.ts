export { createContentApi, type ContentApi } from './app';
export { configFromEnv, type ContentApiConfig, type CaptchaConfig, type RateLimitConfig } from './config';
export { exportContent, importContent } from './transfer/content-transfer';
