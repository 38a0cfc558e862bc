'use strict';
// Unit and integration tests of every package; each package's jest.config.js says how its tests run.
module.exports = {
  projects: [
    '<rootDir>/shared-contracts',
    '<rootDir>/shared-ui',
    '<rootDir>/shell',
    '<rootDir>/remotes/news',
    '<rootDir>/remotes/events',
    '<rootDir>/remotes/education',
    '<rootDir>/remotes/forms',
    '<rootDir>/remotes/search',
    '<rootDir>/infra/build-preset',
    '<rootDir>/infra/content-api',
    '<rootDir>/infra/registry',
    '<rootDir>/infra/deploy',
  ],
};
