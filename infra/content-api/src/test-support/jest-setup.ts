// Seeding a database takes a few seconds per engine; the default 5 s per hook is too tight on 2 cores.
jest.setTimeout(60_000);
