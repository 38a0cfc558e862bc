interface Expose {
  name: string;
  assets: { css: { sync: string[]; async: string[] } };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build preset is CommonJS without type declarations
const { ownStylesheets }: { ownStylesheets(manifest: { exposes: Expose[] }): { exposes: Expose[] } } = require('./manifest.js');

const assets = (css: { sync: string[]; async: string[] }) => ({ js: { sync: [], async: [] }, css });

describe("a remote manifest's stylesheets per section", () => {
  it('keeps each expose to its own stylesheets, not those of other exposes it could reach', () => {
    const manifest = ownStylesheets({
      exposes: [
        {
          name: 'LinkCards',
          assets: assets({ sync: [], async: ['__federation_expose_NewsFeed.1.css', '__federation_expose_PageHero.2.css', 'shared.3.css'] }),
        },
        { name: 'NewsFeed', assets: assets({ sync: ['__federation_expose_NewsFeed.1.css'], async: [] }) },
        { name: 'PageHero', assets: assets({ sync: ['__federation_expose_PageHero.2.css'], async: ['shared.3.css'] }) },
      ],
    });
    expect(manifest.exposes.map((expose) => [expose.name, expose.assets.css])).toEqual([
      ['LinkCards', { sync: [], async: ['shared.3.css'] }],
      ['NewsFeed', { sync: ['__federation_expose_NewsFeed.1.css'], async: [] }],
      ['PageHero', { sync: ['__federation_expose_PageHero.2.css'], async: ['shared.3.css'] }],
    ]);
  });
});
