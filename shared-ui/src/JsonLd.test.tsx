import { renderToStaticMarkup } from 'react-dom/server';
import { JsonLd } from './JsonLd';
import { shareTargets } from './ShareLinks';

describe('JsonLd', () => {
  test('text that could close the script or open a comment stays data, and parses back to the same object', () => {
    const data = { '@type': 'Event', name: 'A </script><script>alert(1)</script> <!-- & \u2028 talk' };
    const html = renderToStaticMarkup(<JsonLd data={data} />);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const body = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(html)![1]!;
    expect(JSON.parse(body)).toEqual(data);
  });
});

describe('shareTargets', () => {
  test("VK's and Telegram's share addresses carry the page and its title, encoded", () => {
    expect(shareTargets('https://stu.example/en/news/1?a=1&b=2', 'Q&A: robots')).toEqual({
      vk: 'https://vk.com/share.php?url=https%3A%2F%2Fstu.example%2Fen%2Fnews%2F1%3Fa%3D1%26b%3D2&title=Q%26A%3A%20robots',
      telegram: 'https://t.me/share/url?url=https%3A%2F%2Fstu.example%2Fen%2Fnews%2F1%3Fa%3D1%26b%3D2&text=Q%26A%3A%20robots',
    });
  });
});
