import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { VIDEO_ROOT } from './video-routes';
import { withWebmDuration } from './webm-duration';

/**
 * Records the demo video clips the seed's video items play: a few seconds of a canvas animation per clip, captured
 * in Debian's Chromium with MediaRecorder (VP8 WebM; no ffmpeg needed). Run once with
 * `npm run videos -w @site/content-api` (CHROMIUM_PATH to use another browser); the output is committed, so the
 * site itself never needs a browser.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SECONDS = 4;

/** Each scene draws frame `t` (seconds) on a 640×360 context; plain browser JavaScript, run in the page. */
const SCENES: Record<string, string> = {
  // A robot arm turning over a workbench in the robotics laboratory.
  'robotics-lab': `(c, t) => {
    const g = c.createLinearGradient(0, 0, 0, 360); g.addColorStop(0, '#0c4a6e'); g.addColorStop(1, '#0369a1');
    c.fillStyle = g; c.fillRect(0, 0, 640, 360); c.fillStyle = '#082f49'; c.fillRect(0, 270, 640, 90);
    c.fillStyle = '#94a3b8'; c.fillRect(120, 250, 400, 20);
    c.save(); c.translate(320, 250); c.rotate(-Math.PI / 2 + Math.sin(t * 1.6) * 0.9);
    c.fillStyle = '#e2e8f0'; c.fillRect(0, -12, 110, 24); c.translate(110, 0); c.rotate(Math.sin(t * 2.3) * 0.8);
    c.fillStyle = '#cbd5e1'; c.fillRect(0, -9, 80, 18); c.fillStyle = '#0ea5e9'; c.beginPath(); c.arc(80, 0, 12, 0, Math.PI * 2); c.fill();
    c.restore(); c.fillStyle = '#334155'; c.beginPath(); c.arc(320, 250, 22, 0, Math.PI * 2); c.fill();
    for (let i = 0; i < 5; i += 1) { c.fillStyle = (Math.floor(t * 4) + i) % 5 === 0 ? '#fbbf24' : '#1e3a5f'; c.fillRect(40 + i * 22, 40, 14, 14); }
  }`,
  // Flasks on a laboratory bench with bubbles rising.
  laboratory: `(c, t) => {
    c.fillStyle = '#1e293b'; c.fillRect(0, 0, 640, 360); c.fillStyle = '#94a3b8'; c.fillRect(60, 260, 520, 18);
    const colours = ['#38bdf8', '#a3e635', '#f472b6', '#facc15'];
    for (let i = 0; i < 4; i += 1) {
      const x = 130 + i * 120; c.fillStyle = colours[i]; c.globalAlpha = 0.85;
      c.beginPath(); c.moveTo(x - 12, 150); c.lineTo(x + 12, 150); c.lineTo(x + 40, 260); c.lineTo(x - 40, 260); c.closePath(); c.fill();
      c.globalAlpha = 1; c.fillStyle = '#e2e8f0';
      for (let b = 0; b < 6; b += 1) { const phase = (t * 0.8 + b / 6 + i * 0.13) % 1; c.beginPath(); c.arc(x + Math.sin((phase + b) * 9) * 8, 250 - phase * 140, 3 + b % 3, 0, Math.PI * 2); c.fill(); }
    }
    c.fillStyle = '#fbbf24'; c.globalAlpha = 0.35 + 0.25 * Math.sin(t * 3); c.beginPath(); c.arc(560, 70, 40, 0, Math.PI * 2); c.fill(); c.globalAlpha = 1;
  }`,
  // The main building from across the square, clouds drifting and the light turning towards evening.
  'campus-day': `(c, t) => {
    const k = t / ${SECONDS}; const g = c.createLinearGradient(0, 0, 0, 360);
    g.addColorStop(0, 'rgb(' + Math.round(111 - 60 * k) + ',' + Math.round(168 - 80 * k) + ',' + Math.round(220 - 40 * k) + ')'); g.addColorStop(1, '#fde7c8');
    c.fillStyle = g; c.fillRect(0, 0, 640, 360);
    c.fillStyle = '#fcd34d'; c.beginPath(); c.arc(80 + 480 * k, 90 + 60 * k * k, 26, 0, Math.PI * 2); c.fill();
    c.fillStyle = 'rgba(255,255,255,0.85)';
    for (let i = 0; i < 3; i += 1) { const x = ((t * 30 + i * 230) % 760) - 60; c.beginPath(); c.ellipse(x, 60 + i * 25, 50, 16, 0, 0, Math.PI * 2); c.fill(); }
    c.fillStyle = '#5b8c3a'; c.fillRect(0, 270, 640, 90); c.fillStyle = '#e8dcc8'; c.fillRect(170, 130, 300, 140);
    c.fillStyle = '#9c4a3c'; c.beginPath(); c.moveTo(160, 130); c.lineTo(320, 70); c.lineTo(480, 130); c.closePath(); c.fill();
    for (let x = 0; x < 8; x += 1) for (let y = 0; y < 3; y += 1) { c.fillStyle = k > 0.6 && (x + y) % 3 === 0 ? '#fde68a' : '#4a5d7a'; c.fillRect(190 + x * 35, 150 + y * 38, 14, 22); }
    c.fillStyle = '#6b4f3a'; c.fillRect(300, 225, 40, 45);
  }`,
};

/** Runs in the page: draws the scene for SECONDS and resolves with the recorded WebM (base64) and its length. */
const RECORD = `async ([sceneSource, seconds]) => {
  const scene = eval(sceneSource);
  const canvas = document.createElement('canvas'); canvas.width = 640; canvas.height = 360; document.body.append(canvas);
  const context = canvas.getContext('2d');
  scene(context, 0);
  const stream = canvas.captureStream(25);
  const mimeType = MediaRecorder.isTypeSupported('video/webm;codecs=vp8') ? 'video/webm;codecs=vp8' : 'video/webm';
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 400000 });
  const chunks = [];
  recorder.ondataavailable = (event) => { if (event.data.size > 0) chunks.push(event.data); };
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  const started = performance.now();
  recorder.start(250);
  await new Promise((resolve) => {
    const frame = () => {
      const elapsed = (performance.now() - started) / 1000;
      scene(context, Math.min(elapsed, seconds));
      if (elapsed < seconds) requestAnimationFrame(frame); else resolve();
    };
    requestAnimationFrame(frame);
  });
  recorder.stop();
  await stopped;
  const durationMs = performance.now() - started;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return { base64: btoa(binary), durationMs };
}`;

async function main(): Promise<void> {
  const folder = path.join(VIDEO_ROOT, 'videos');
  fs.mkdirSync(folder, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--autoplay-policy=no-user-gesture-required'] });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>recorder</title><body style="margin:0">');
    for (const [name, scene] of Object.entries(SCENES)) {
      const result = await page.evaluate<{ base64: string; durationMs: number }>(`(${RECORD})(${JSON.stringify([scene, SECONDS])})`);
      const target = path.join(folder, `${name}.webm`);
      fs.writeFileSync(target, withWebmDuration(Buffer.from(result.base64, 'base64'), Math.round(result.durationMs)));
      console.log(`${name}.webm: ${fs.statSync(target).size} bytes, ${(result.durationMs / 1000).toFixed(1)} s`);
      await page.setContent('<!doctype html><title>recorder</title><body style="margin:0">');
    }
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
