'use strict';
// The API suite runs against SQLite and PostgreSQL in the same run; each file seeds its own databases.
module.exports = require('../../jest.preset.js')(__dirname, {
  setupFilesAfterEnv: ['<rootDir>/src/test-support/jest-setup.ts'],
});
