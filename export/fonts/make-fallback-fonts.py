#!/usr/bin/python3
"""Makes the fallback fonts of the PDF writers beyond CJK from Debian's
font packages with Debian's fonttools, byte for byte the same every run:

    apt-get install fonts-symbola fonts-nanum fonts-noto-core fonttools
    /usr/bin/python3 export/fonts/make-fallback-fonts.py

  EmojiFallback.ttf       Symbola 2.60 (fonts-symbola; free for any use):
                          pictographs and emoji, U+1F000..U+1FAFF, outlines
  KoreanFallback.ttf      NanumGothic (fonts-nanum; OFL 1.1): the 2,350
                          Hangul syllables of KS X 1001 and the compatibility
                          jamo
  DevanagariFallback.ttf  Noto Sans Devanagari (fonts-noto-core; OFL 1.1),
                          with its shaping tables
  ThaiFallback.ttf        Noto Sans Thai (fonts-noto-core; OFL 1.1), with
                          its shaping tables

Each is renamed (the OFL reserves the original names for the originals)
and every glyph that no code point below U+10000 names (an emoji, a
Devanagari conjunct) is also named by one of the Private Use Area, U+E000
on, in glyph order: gofpdf draws only code points below U+10000, so the
PDF writers draw such a glyph through its private one, with the text as
written as what a reader copies (ActualText)."""
import os

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import cmap_format_4

os.environ["SOURCE_DATE_EPOCH"] = "1262304000"  # head.modified: same bytes every run
HERE = os.path.dirname(os.path.abspath(__file__))


def ks_x_1001_hangul():
    out = set()
    for a in range(0xB0, 0xC9):
        for b in range(0xA1, 0xFF):
            try:
                out.update(ord(c) for c in bytes([a, b]).decode("euc_kr"))
            except UnicodeDecodeError:
                pass
    return sorted(out | set(range(0x3131, 0x318F)))


def make(src, out, family, unicodes, layout):
    font = TTFont(src, recalcTimestamp=False)
    opts = subset.Options()
    opts.layout_features = ["*"] if layout else []
    opts.hinting = False
    opts.drop_tables += ["DSIG"] + ([] if layout else ["GSUB", "GPOS", "GDEF"])
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=list(unicodes) + [0x20])
    sub.subset(font)
    rename(font, family)
    n = alias(font)
    font.save(os.path.join(HERE, out))
    print("%s: %d glyphs, %d aliased from U+E000" % (out, len(font.getGlyphOrder()), n))


def rename(font, family):
    names = {1: family, 3: family + " (Scoresheet subset)", 4: family, 6: family, 16: family, 17: "Regular", 2: "Regular"}
    for rec in font["name"].names:
        if rec.nameID in names:
            rec.string = names[rec.nameID]
        if rec.nameID in (16, 17, 21, 22):
            rec.string = names.get(rec.nameID, "Regular")


def alias(font):
    cmap = font["cmap"]
    if not any(t.platformID == 3 and t.platEncID == 1 for t in cmap.tables):
        t = cmap_format_4(4)
        t.platformID, t.platEncID, t.language, t.cmap = 3, 1, 0, {}
        cmap.tables.append(t)
    named = {g for c, g in font.getBestCmap().items() if c <= 0xFFFF}
    extra = [g for g in font.getGlyphOrder()[1:] if g not in named]
    if len(extra) > 0xF8FF - 0xE000 + 1:
        raise SystemExit("too many glyphs for the Private Use Area")
    bmp = {0xE000 + i: g for i, g in enumerate(extra)}
    for t in cmap.tables:  # every Unicode table: gofpdf reads the first 16-bit one
        if t.platformID == 0 or (t.platformID == 3 and t.platEncID in (1, 10)):
            t.cmap.update(bmp)
    return len(extra)


make("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf", "EmojiFallback.ttf", "EmojiFallback",
     range(0x1F000, 0x1FB00), False)
make("/usr/share/fonts/truetype/nanum/NanumGothic.ttf", "KoreanFallback.ttf", "KoreanFallback",
     ks_x_1001_hangul(), False)
make("/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "DevanagariFallback.ttf", "DevanagariFallback",
     list(range(0x0900, 0x0980)) + list(range(0xA8E0, 0xA900)) + [0x200C, 0x200D, 0x25CC], True)
make("/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "ThaiFallback.ttf", "ThaiFallback",
     list(range(0x0E00, 0x0E80)) + [0x25CC], True)
