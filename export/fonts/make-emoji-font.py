#!/usr/bin/python3
"""Makes EmojiFallback.ttf, the emoji fallback of the PDF writers, from
Debian's fonts-symbola (Symbola 2.60, George Douros: "free for any use;
they may be opened, edited, modified, regenerated, packaged and
redistributed") with Debian's fonttools:

    apt-get install fonts-symbola fonttools && /usr/bin/python3 export/fonts/make-emoji-font.py

It keeps the pictographs and emoji beyond the Basic Multilingual Plane
(U+1F000..U+1FAFF), outlines only (no colour), and names each of them
also by a code point of the Private Use Area, U+E000 on, in the order of
the code points: gofpdf draws only code points below U+10000, so the PDF
writers draw an emoji through its private one, with the emoji itself as
the text a reader copies (ActualText). Same inputs, same bytes."""
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import cmap_format_4

os.environ["SOURCE_DATE_EPOCH"] = "1262304000"  # head.modified: same bytes every run
here = os.path.dirname(os.path.abspath(__file__))
src = os.environ.get("SRC", "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf")
out = os.path.join(here, "EmojiFallback.ttf")

font = TTFont(src, recalcTimestamp=False)
opts = subset.Options()
opts.layout_features = []
opts.hinting = False
opts.drop_tables += ["DSIG", "GSUB", "GPOS", "GDEF"]
opts.name_IDs = ["*"]
opts.name_languages = ["*"]
opts.notdef_outline = True
opts.recalc_timestamp = False
sub = subset.Subsetter(opts)
sub.populate(unicodes=range(0x1F000, 0x1FB00))
sub.subset(font)

best = font.getBestCmap()
astral = sorted(c for c in best if c > 0xFFFF)
if len(astral) > 0xF8FF - 0xE000 + 1:
    sys.exit("too many glyphs for the Private Use Area")
bmp = {0xE000 + i: best[c] for i, c in enumerate(astral)}
cmap = font["cmap"]
if not any(t.platformID == 3 and t.platEncID == 1 for t in cmap.tables):
    fmt4 = cmap_format_4(4)
    fmt4.platformID, fmt4.platEncID, fmt4.language, fmt4.cmap = 3, 1, 0, {}
    cmap.tables.append(fmt4)
for t in cmap.tables:  # the 16-bit table (gofpdf's) and the full one
    if t.platformID == 3 and t.platEncID in (1, 10):
        t.cmap.update(bmp)
font.save(out)
print("%s: %d emoji, U+E000..U+%04X" % (out, len(astral), 0xE000 + len(astral) - 1))
