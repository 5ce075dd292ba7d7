import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const p = await b.newPage({ viewport: { width: 1440, height: 900 } });
const base = 'http://localhost:3055';
await p.goto(base + '/login');
await p.fill('input[type=email], input[name=email]', 'demo@trenchline.app');
await p.fill('input[type=password]', 'trenchline-demo');
await p.keyboard.press('Enter');
await p.waitForTimeout(2500);
for (const [path, file] of [['/locate/', 'l1'], ['/locate/expiring/', 'l2'], ['/job/', 'l3'], ['/settings/', 'l5']]) {
  await p.goto(base + path); await p.waitForTimeout(2500);
  await p.screenshot({ path: `/tmp/${file}.png` });
}
await p.goto(base + '/locate/'); await p.waitForTimeout(2000);
await p.locator('text=2611').first().click(); await p.waitForTimeout(2500);
await p.screenshot({ path: '/tmp/l4.png', fullPage: true });
await b.close();
