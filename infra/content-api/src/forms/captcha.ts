import type { CaptchaConfig } from '../config';

export interface CaptchaVerdict {
  ok: boolean;
  score?: number;
  /** Why a token was refused, for the log (never shown to the visitor). */
  reason?: string;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

interface AssessmentAnswer {
  tokenProperties?: { valid?: boolean; action?: string; invalidReason?: string };
  riskAnalysis?: { score?: number };
}

function expectedActionFor(config: CaptchaConfig, formKind: string): string | undefined {
  return config.expectedActions[formKind] ?? config.expectedActions['*'];
}

/**
 * Verifies a captcha token server-side: reCAPTCHA v3 siteverify (form-encoded secret + response) or an
 * Enterprise assessment (JSON event); then the score threshold and the expected action.
 */
export async function verifyCaptcha(config: CaptchaConfig, token: string | undefined, formKind: string, clientIp: string): Promise<CaptchaVerdict> {
  if (!config.enabled) return { ok: true };
  if (!token) return { ok: false, reason: 'no captcha token' };
  if (token.length > 4096) return { ok: false, reason: 'captcha token too long' };
  const expectedAction = expectedActionFor(config, formKind);
  let success: boolean;
  let score: number | undefined;
  let action: string | undefined;
  try {
    if (config.mode === 'enterprise') {
      const response = await fetch(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: { token, siteKey: config.siteKey, expectedAction, userIpAddress: clientIp } }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) return { ok: false, reason: `assessment answered HTTP ${response.status}` };
      const answer = (await response.json()) as AssessmentAnswer;
      success = answer.tokenProperties?.valid === true;
      score = answer.riskAnalysis?.score;
      action = answer.tokenProperties?.action;
      if (!success) return { ok: false, reason: `invalid token: ${answer.tokenProperties?.invalidReason ?? 'unknown'}` };
    } else {
      if (!config.secret) return { ok: false, reason: 'CAPTCHA_SECRET is not configured' };
      const response = await fetch(config.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: config.secret, response: token, remoteip: clientIp }).toString(),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) return { ok: false, reason: `siteverify answered HTTP ${response.status}` };
      const answer = (await response.json()) as SiteVerifyAnswer;
      success = answer.success === true;
      score = answer.score;
      action = answer.action;
      if (!success) return { ok: false, reason: `siteverify refused: ${(answer['error-codes'] ?? []).join(',') || 'unknown'}` };
    }
  } catch (error) {
    return { ok: false, reason: `captcha verification failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof score !== 'number' || score < config.minScore)
    return { ok: false, ...(score !== undefined ? { score } : {}), reason: `score ${score} below ${config.minScore}` };
  if (expectedAction && action !== expectedAction) return { ok: false, score, reason: `action "${action}" is not "${expectedAction}"` };
  return { ok: true, score };
}
