// Builds the bundled CJK subset font: the glyphs of the given text (plus printable ASCII),
// taken from WenQuanYi Micro Hei (fonts-wqy-microhei), with harfbuzz's subsetter
// (npm package subset-font). Usage:
//
//	node subset.mjs SOURCE.ttc|ttf CHARS.txt OUT.ttf
//
// A TrueType collection (.ttc) is first cut down to its first face, because subset-font
// reads single fonts only.
import fs from 'node:fs';
import subsetFont from 'subset-font';

const [src, charsFile, out] = process.argv.slice(2);
if (!out) {
	console.error('usage: node subset.mjs SOURCE.ttc|ttf CHARS.txt OUT.ttf');
	process.exit(2);
}

// firstFace returns the first font of a TrueType collection as a standalone sfnt.
function firstFace(buf) {
	if (buf.toString('latin1', 0, 4) !== 'ttcf') return buf;
	const off = buf.readUInt32BE(12); // offset of font 0's table directory
	const numTables = buf.readUInt16BE(off + 4);
	const tables = [];
	for (let i = 0; i < numTables; i++) {
		const r = off + 12 + 16 * i;
		tables.push({
			tag: buf.subarray(r, r + 4), sum: buf.readUInt32BE(r + 4),
			offset: buf.readUInt32BE(r + 8), length: buf.readUInt32BE(r + 12),
		});
	}
	let pos = 12 + 16 * numTables;
	const layout = tables.map((t) => {
		const at = pos;
		pos += (t.length + 3) & ~3;
		return at;
	});
	const outBuf = Buffer.alloc(pos);
	buf.copy(outBuf, 0, off, off + 12); // sfnt version, numTables, search fields
	tables.forEach((t, i) => {
		const r = 12 + 16 * i;
		t.tag.copy(outBuf, r);
		outBuf.writeUInt32BE(t.sum, r + 4);
		outBuf.writeUInt32BE(layout[i], r + 8);
		outBuf.writeUInt32BE(t.length, r + 12);
		buf.copy(outBuf, layout[i], t.offset, t.offset + t.length);
	});
	return outBuf;
}

let ascii = '';
for (let c = 0x20; c < 0x7f; c++) ascii += String.fromCharCode(c);
const text = ascii + fs.readFileSync(charsFile, 'utf8');
const font = firstFace(fs.readFileSync(src));
const subset = await subsetFont(font, text, { targetFormat: 'truetype', noHinting: true });
fs.writeFileSync(out, subset);
console.log(`subset.mjs: ${out}: ${subset.length} bytes, ${new Set(text).size} characters requested`);
