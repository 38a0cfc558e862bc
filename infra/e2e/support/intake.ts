import type { APIRequestContext } from '@playwright/test';

export interface StoredSubmission {
  id: string;
  kind: string;
  locale: string;
  idempotencyKey: string | null;
  payload: Record<string, unknown>;
  captchaScore: number | null;
  attachments: { name: string; extension: string; mediaType: string; size: number }[];
}

/** A content API and its admin token: the suite's platform unless a test started its own. */
export interface IntakeTarget {
  apiUrl: string;
  adminToken: string;
}

const suitePlatform = (): IntakeTarget => ({ apiUrl: process.env.API_URL!, adminToken: process.env.E2E_ADMIN_TOKEN! });
const admin = (target: IntakeTarget) => ({ authorization: `Bearer ${target.adminToken}` });

/** What the content API stored for a form, read back through its admin API (newest first). */
export async function storedSubmissions(
  request: APIRequestContext,
  filter: { kind?: string; email: string },
  target: IntakeTarget = suitePlatform(),
): Promise<StoredSubmission[]> {
  const params = new URLSearchParams({ email: filter.email, ...(filter.kind ? { kind: filter.kind } : {}) });
  const response = await request.get(`${target.apiUrl}/admin/intake/submissions?${params}`, { headers: admin(target) });
  if (!response.ok()) throw new Error(`could not read the intake: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: StoredSubmission[] }).data;
}

export async function storedSubscriptions(
  request: APIRequestContext,
  email: string,
  target: IntakeTarget = suitePlatform(),
): Promise<{ email: string; locale: string; centreIds: string[] }[]> {
  const response = await request.get(`${target.apiUrl}/admin/intake/subscriptions?email=${encodeURIComponent(email)}`, { headers: admin(target) });
  if (!response.ok()) throw new Error(`could not read the subscriptions: ${response.status()}`);
  return ((await response.json()) as { data: { email: string; locale: string; centreIds: string[] }[] }).data;
}

/** A unique email per test run, so that what a test finds stored is its own. */
export function uniqueEmail(name: string): string {
  return `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;
}
