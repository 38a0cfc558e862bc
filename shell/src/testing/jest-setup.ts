import { stopStartsLeftBehind } from './left-behind';

// A shell and its backends whose start outlasted its hook's time limit come up after the file's own afterAll: stop
// them too.
afterAll(() => stopStartsLeftBehind(), 120_000);
