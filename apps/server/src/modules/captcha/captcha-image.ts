import { randomInt } from 'node:crypto';
import jpeg from 'jpeg-js';
import { DIGIT_GLYPHS } from './digit-glyphs';

const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 4;
const JPEG_QUALITY = 80;

type Rgb = [number, number, number];

class Canvas {
  readonly pixels = Buffer.alloc(WIDTH * HEIGHT * 4);

  fill([r, g, b]: Rgb) {
    for (let i = 0; i < this.pixels.length; i += 4) {
      this.pixels[i] = r;
      this.pixels[i + 1] = g;
      this.pixels[i + 2] = b;
      this.pixels[i + 3] = 255;
    }
  }

  set(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (Math.floor(y) * WIDTH + Math.floor(x)) * 4;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }
}

const darkColour = (): Rgb => [randomInt(0, 110), randomInt(0, 110), randomInt(40, 160)];
const lightColour = (): Rgb => [randomInt(225, 256), randomInt(225, 256), randomInt(225, 256)];

function drawGlyph(canvas: Canvas, glyph: readonly string[], left: number, top: number, shear: number) {
  const colour = darkColour();
  glyph.forEach((row, gy) => {
    [...row].forEach((cell, gx) => {
      if (cell !== '#') return;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++) {
          const y = top + gy * SCALE + dy;
          canvas.set(left + gx * SCALE + dx + shear * (y - HEIGHT / 2), y, colour);
        }
      }
    });
  });
}

function drawNoise(canvas: Canvas) {
  for (let i = 0; i < 220; i++) canvas.set(randomInt(0, WIDTH), randomInt(0, HEIGHT), darkColour());
  for (let line = 0; line < 3; line++) {
    const colour = darkColour();
    const [y0, y1] = [randomInt(0, HEIGHT), randomInt(0, HEIGHT)];
    for (let x = 0; x < WIDTH; x++) canvas.set(x, y0 + ((y1 - y0) * x) / WIDTH, colour);
  }
}

/** Renders the answer as a noisy JPEG image of 120x40 pixels. */
export function renderCaptchaJpeg(text: string): Buffer {
  const canvas = new Canvas();
  canvas.fill(lightColour());
  const slot = Math.floor(WIDTH / (text.length + 1));
  [...text].forEach((char, index) => {
    const glyph = DIGIT_GLYPHS[char];
    if (!glyph) throw new Error(`no glyph for captcha character ${char}`);
    const left = slot / 2 + index * slot + randomInt(-3, 4);
    const top = randomInt(2, HEIGHT - 7 * SCALE - 1);
    drawGlyph(canvas, glyph, left, top, randomInt(-3, 4) / 10);
  });
  drawNoise(canvas);
  return jpeg.encode({ data: canvas.pixels, width: WIDTH, height: HEIGHT }, JPEG_QUALITY).data;
}
