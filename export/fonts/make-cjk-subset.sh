#!/bin/sh
# Makes CJKFallback.ttf, the CJK fallback font of the PDF writers, from
# Debian's fonts-droid-fallback (Droid Sans Fallback, Apache 2.0) with
# pyftsubset from Debian's fonttools:
#   apt-get install fonts-droid-fallback fonttools && sh export/fonts/make-cjk-subset.sh
# The characters kept are listed by cjk-chars.py. Same inputs, same bytes.
set -eu
export SOURCE_DATE_EPOCH=1262304000 # fontTools stamps head.modified with it: same bytes every run
cd "$(dirname "$0")"
src=${SRC:-/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf}
python3 cjk-chars.py > /tmp/cjk-chars.$$.txt
pyftsubset "$src" --unicodes-file=/tmp/cjk-chars.$$.txt --output-file=CJKFallback.ttf \
	--layout-features='' --no-hinting --desubroutinize --drop-tables+=DSIG,GSUB,GPOS,GDEF \
	--name-IDs='*' --name-languages='*' --notdef-outline --recalc-timestamp=false
rm -f /tmp/cjk-chars.$$.txt
