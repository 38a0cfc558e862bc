export { Lifecycle, type LifecycleOptions, type LifecycleSettings } from './lifecycle';
export { AUTH_FAILURES_ALLOWED, FailedAuthThrottle, type FailedAuthThrottleOptions, type ThrottleLimits } from './auth-throttle';
