#!/usr/bin/env python3
"""Prints the code points the CJK fallback font keeps, one U+XXXX a line:
every character of GB2312 (simplified Chinese, 6,763 hanzi), JIS X 0208
(Japanese: kana and 6,355 kanji), Big5's frequent characters (traditional
Chinese, 5,401 hanzi), the CJK punctuation, kana, half- and full-width
forms. Derived from Python's own codecs, so the list needs no download."""
import sys

chars = set()

def take(codec, first_bytes, second_bytes):
    for a in first_bytes:
        for b in second_bytes:
            try:
                s = bytes([a, b]).decode(codec)
            except UnicodeDecodeError:
                continue
            chars.update(s)

take("gb2312", range(0xA1, 0xF8), range(0xA1, 0xFF))        # GB2312, all rows
take("euc_jp", range(0xA1, 0xF5), range(0xA1, 0xFF))        # JIS X 0208, all rows
take("big5", range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))  # Big5 level 1
for lo, hi in [(0x3000, 0x303F), (0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]:
    chars.update(chr(c) for c in range(lo, hi + 1))
for c in sorted(ord(c) for c in chars if ord(c) >= 0x2E80):
    print("U+%04X" % c)
