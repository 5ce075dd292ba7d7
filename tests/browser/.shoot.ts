import { launchChromium, newPage, logIn } from '../support/browser.ts';
const base = process.env.BASE ?? 'http://localhost:3077';
const paths = (process.env.PATHS ?? '/job/,/job/others/,/bid/,/project/').split(',');
const browser = await launchChromium();
const { page, errors } = await newPage(browser, base);
await page.setViewportSize({ width: 1500, height: 900 });
await logIn(page, 'demo@trenchline.app', 'trenchline-demo');
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const name = p.replace(/\W+/g, '_');
  await page.screenshot({ path: `/tmp/webshots/${name}.png` });
  console.log(p, await page.getByTestId('row-count').first().textContent().catch(() => '?'));
}
console.log('errors', errors);
await browser.close();
