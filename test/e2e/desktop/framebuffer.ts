import { crc32, deflateSync } from 'node:zlib';

/** A rectangle on the screen, in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixels as 8-bit RGB rows, top to bottom. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Buffer;
}

/** XWD header fields (CARD32, big-endian), by index. */
const XWD = {
  headerSize: 0,
  width: 4,
  height: 5,
  byteOrder: 7,
  bitsPerPixel: 11,
  bytesPerLine: 12,
  colormapEntries: 19,
} as const;
const XWD_COLOR_BYTES = 12;
const LSB_FIRST = 0;

/**
 * The part `box` of an Xvfb framebuffer (`Xvfb -fbdir`: the screen as an XWD file, a 24-bit
 * TrueColor visual at 32 bits per pixel), clipped to the screen.
 */
export function cropXwd(xwd: Buffer, box?: Box): RgbImage {
  const field = (index: number) => xwd.readUInt32BE(index * 4);
  const screen = { width: field(XWD.width), height: field(XWD.height) };
  if (field(XWD.bitsPerPixel) !== 32)
    throw new Error(`Xvfb framebuffer: ${field(XWD.bitsPerPixel)} bits per pixel, expected 32`);
  const x0 = Math.max(0, box?.x ?? 0);
  const y0 = Math.max(0, box?.y ?? 0);
  const width = Math.min(screen.width, x0 + (box?.width ?? screen.width)) - x0;
  const height = Math.min(screen.height, y0 + (box?.height ?? screen.height)) - y0;
  const pixels = field(XWD.headerSize) + field(XWD.colormapEntries) * XWD_COLOR_BYTES;
  const stride = field(XWD.bytesPerLine);
  const littleEndian = field(XWD.byteOrder) === LSB_FIRST;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = pixels + (y0 + y) * stride + (x0 + x) * 4;
      const pixel = littleEndian ? xwd.readUInt32LE(at) : xwd.readUInt32BE(at);
      const out = (y * width + x) * 3;
      rgb[out] = (pixel >>> 16) & 0xff;
      rgb[out + 1] = (pixel >>> 8) & 0xff;
      rgb[out + 2] = pixel & 0xff;
    }
  }
  return { width, height, rgb };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_RGB_8BIT = [8, 2, 0, 0, 0]; // bit depth, colour type RGB, deflate, adaptive, no interlace

/** A truecolour PNG of the image (each row with filter "none"). */
export function encodePng(image: RgbImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set(PNG_RGB_8BIT, 8);
  const rowBytes = image.width * 3;
  const rows = Buffer.alloc((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y++)
    image.rgb.copy(rows, y * (rowBytes + 1) + 1, y * rowBytes, (y + 1) * rowBytes);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
