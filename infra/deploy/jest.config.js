'use strict';
// Renders the manifests and checks them: kustomize, docker-compose and promtool are run as the platform team would.
module.exports = require('../../jest.preset.js')(__dirname, { testMatch: ['<rootDir>/tests/**/*.test.ts'] });
