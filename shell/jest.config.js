'use strict';
// The setup stops shells and backends whose start outlasted its hook (they would keep the run alive).
module.exports = require('../jest.preset.js')(__dirname, { setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'] });
