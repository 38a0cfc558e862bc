import { stopStartsLeftBehind } from './left-behind';

// Seeding a database takes a few seconds per engine; the default 5 s per hook is too tight on 2 cores.
jest.setTimeout(60_000);

// An API whose start outlasted its hook's time limit comes up after the file's own afterAll: stop it too.
afterAll(() => stopStartsLeftBehind(), 120_000);
