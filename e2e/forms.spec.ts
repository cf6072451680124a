import { type Page, expect, test } from '@playwright/test';

// The forms toolkit as a person meets it, on the widget gallery (built with VITE_WIDGET_GALLERY=1).
const MB = 1_048_576;
const png = (name: string, size = 2000) => ({ name, mimeType: 'image/png', buffer: Buffer.alloc(size, 1) });

async function seeAlert(page: Page, message: string) {
  const alert = page.getByRole('alert').filter({ hasText: message });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toBeHidden();
}

test.beforeEach(async ({ page }) => {
  await page.goto('/dev/gallery');
  await expect(page.getByRole('heading', { level: 1, name: 'Widget gallery' })).toBeVisible();
});

test('the gallery is dark and fits the window', { tag: '@layout' }, async ({ page }) => {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(120);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the multi-upload refuses a too-large file, a wrong type and a duplicate, with the messages', async ({ page }) => {
  const section = page.getByRole('region', { name: 'Multi-file upload' });
  const input = page.locator('#gallery-files');
  await expect(section.getByText('Allowed: .jpg, .jpeg, .png, .svg, .gif, up to 2 MB')).toBeVisible();

  await input.setInputFiles(png('huge-banner.png', 2 * MB + 1));
  await seeAlert(page, 'The file does not meet the requirements');
  await input.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await seeAlert(page, 'The file does not meet the requirements');
  await expect(section.getByTestId('upload-item')).toHaveCount(0);

  await input.setInputFiles(png('summer-banner-728x90.png'));
  await expect(section.getByTestId('upload-item')).toHaveCount(1);
  await expect(section.getByText('summer-banne…')).toBeVisible();
  await input.setInputFiles(png('summer-banner-728x90.png'));
  await seeAlert(page, 'The image has already been selected!');
  await expect(section.getByTestId('upload-item')).toHaveCount(1);
});

test('the logo upload shows its requirement in a popup', async ({ page }) => {
  await page.locator('#gallery-logo').setInputFiles(png('logo.png'));
  const dialog = page.getByRole('dialog', { name: 'The file does not meet the requirements' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Upload a .svg file of at most 1 MB.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
});

test('a failed upload says "File not uploaded"; a good one shows its cut name', async ({ page }) => {
  const section = page.getByRole('region', { name: 'File upload', exact: true });
  await page.locator('#gallery-file').setInputFiles(png('will-fail.png'));
  await seeAlert(page, 'File not uploaded');
  await page.locator('#gallery-file').setInputFiles(png('network-summer-promo-banner.png'));
  await expect(section.getByText('network-summer-pro…')).toBeVisible();
});

test('the form builder blocks saving until the form is valid, then saves', async ({ page }) => {
  const form = page.locator('#gallery-form');
  const save = form.getByRole('button', { name: 'Save' });
  await save.click();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Updated successfully' })).toHaveCount(0);

  await form.getByLabel('Name').fill('  Neon Dreams VR  ');
  await form.getByLabel('Email').fill('partner@example.com');
  await expect(form.getByLabel('Revshare percentage')).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Payout type' }).click();
  await page.getByRole('option', { name: 'Revenue share' }).click();
  await expect(form.getByLabel('Revshare percentage')).toBeVisible();
  await form.getByLabel('Revshare percentage').fill('150');
  await form.getByLabel('Default payout').fill('12.5');
  await form.locator('input[name="password"]').fill('secret-pass-1');
  await form.getByLabel('Repeat password').fill('secret-pass-2');
  await save.click();
  await expect(form.getByText('This field must be a positive number from 0 to 100')).toBeVisible();
  await expect(form.getByText('Password mismatch')).toBeVisible();

  await form.getByLabel('Revshare percentage').fill('50');
  await form.getByLabel('Repeat password').fill('secret-pass-1');
  await form.getByRole('button', { name: 'Add a Range' }).click();
  await form.getByLabel('From').nth(1).fill('1');
  await form.getByLabel('To').nth(1).fill('5');
  await save.click();
  await expect(form.getByText('Field must be unique')).toBeVisible();
  await form.getByLabel('From').nth(1).fill('20');

  await form.getByRole('button', { name: 'Remove summer-banner-728x90.png' }).click();
  await save.click();
  await seeAlert(page, 'Updated successfully');
  const saved = page.getByTestId('saved-values');
  await expect(saved).toContainText('"name": "Neon Dreams VR"');
  await expect(saved).toContainText('"images_deleted": [\n    "5f0c7a52-4c1e-4f7e-9d57-0d3c1e1f2a01"\n  ]');
  await expect(saved).not.toContainText('password_confirmation');
});

test('a server field error lands on its field', async ({ page }) => {
  const form = page.locator('#gallery-form');
  await form.getByLabel('Name').fill('taken');
  await form.getByLabel('Email').fill('partner@example.com');
  await form.getByRole('combobox', { name: 'Payout type' }).click();
  await page.getByRole('option', { name: 'Pay per signup' }).click();
  await form.getByLabel('Default payout').fill('3');
  await form.locator('input[name="password"]').fill('secret-pass-1');
  await form.getByLabel('Repeat password').fill('secret-pass-1');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('This name is already taken')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This name is already taken' })).toBeVisible();
});

test('the viewer is 281, 474 or 746 px tall by window width', { tag: '@layout' }, async ({ page }) => {
  const expected = (await page.evaluate(() => window.innerWidth)) < 600 ? 281 : 746;
  await page.getByRole('button', { name: 'View image' }).click();
  const box = await page.getByTestId('media-viewer').boundingBox();
  expect(box?.height).toBe(expected);
  await page.getByRole('button', { name: 'Close' }).click();
});
