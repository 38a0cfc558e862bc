/**
 * Browsers' MediaRecorder writes live WebM: the Segment Info has no Duration, so a video element reports an
 * infinite duration and an unusable seek bar. This writes the Duration element into the Info of a recorded file
 * (EBML: ID, variable-length size, data); the segment's size is unknown in such files, so nothing else moves.
 */
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const DURATION = 0x4489;

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** undefined: unknown size (live streams). */
  size: number | undefined;
}

function readVint(buffer: Buffer, offset: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buffer[offset];
  if (first === undefined || first === 0) throw new Error(`bad EBML variable-length integer at ${offset}`);
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 1; index < length; index += 1) {
    const byte = buffer[offset + index]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readElement(buffer: Buffer, offset: number): Element {
  const id = readVint(buffer, offset, true);
  const size = readVint(buffer, offset + id.length, false);
  return { id: id.value, start: offset, dataStart: offset + id.length + size.length, size: size.unknown ? undefined : size.value };
}

function idBytes(id: number): Buffer {
  const bytes: number[] = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) bytes.unshift(value % 256);
  return Buffer.from(bytes);
}

/** An 8-byte EBML size. */
function sizeBytes(size: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(size));
  bytes[0] = 0x01;
  return bytes;
}

/** The file with `durationMs` written into its Segment Info (unchanged when it already has a Duration). */
export function withWebmDuration(file: Buffer, durationMs: number): Buffer {
  const header = readElement(file, 0);
  const segment = readElement(file, header.dataStart + (header.size ?? 0));
  if (segment.id !== SEGMENT) throw new Error('not a WebM file: no Segment after the EBML header');
  let offset = segment.dataStart;
  while (offset < file.length) {
    const child = readElement(file, offset);
    if (child.size === undefined) break;
    if (child.id === INFO) {
      const end = child.dataStart + child.size;
      for (let inner = child.dataStart; inner < end;) {
        const element = readElement(file, inner);
        if (element.id === DURATION) return file;
        inner = element.dataStart + (element.size ?? 0);
      }
      const duration = Buffer.alloc(11);
      idBytes(DURATION).copy(duration, 0);
      duration[2] = 0x88;
      duration.writeDoubleBE(durationMs, 3);
      const info = Buffer.concat([idBytes(INFO), sizeBytes(child.size + duration.length), file.subarray(child.dataStart, end), duration]);
      const grown = info.length - (end - child.start);
      const segmentHead =
        segment.size === undefined ? file.subarray(segment.start, segment.dataStart) : Buffer.concat([idBytes(SEGMENT), sizeBytes(segment.size + grown)]);
      return Buffer.concat([file.subarray(0, segment.start), segmentHead, file.subarray(segment.dataStart, child.start), info, file.subarray(end)]);
    }
    offset = child.dataStart + child.size;
  }
  throw new Error('no Segment Info found in the WebM file');
}
