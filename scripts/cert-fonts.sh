#!/usr/bin/env bash
# Produces backend/pdftext/fonts/ from Debian's packages: the TrueType fonts the certificate PDF
# embeds, unmodified, with their licences. Run it only to change or upgrade the fonts; the result
# is committed, so builds need neither the packages nor this script. SHA256SUMS records what was
# copied, so a later run shows whether the packages' files changed.
#
# Why these fonts: Noto Sans and Noto Serif cover Latin, Greek and Cyrillic; Noto Sans/Serif
# Devanagari cover Hindi, Marathi and Nepali; Droid Sans Fallback covers CJK ideographs and kana
# in 4 MB (Noto Sans CJK is OpenType/CFF, which fpdf cannot embed, and 16 MB a weight).
# They are kept whole: backend/certs subsets each font per PDF to the characters it draws.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

apt_install fonts-noto-core fonts-droid-fallback
dest="$ROOT/backend/pdftext/fonts"
mkdir -p "$dest"
noto=/usr/share/fonts/truetype/noto
for f in NotoSans-Regular NotoSans-Bold NotoSerif-BoldItalic \
  NotoSansDevanagari-Regular NotoSansDevanagari-Bold NotoSerifDevanagari-Bold; do
  cp "$noto/$f.ttf" "$dest/"
done
cp /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf "$dest/"

# Debian's copyright files carry the OFL's full text; Droid's points to the Apache licence.
cp /usr/share/doc/fonts-noto-core/copyright "$dest/LICENSE-Noto.txt"
{ cat /usr/share/doc/fonts-droid-fallback/copyright; echo; cat /usr/share/common-licenses/Apache-2.0; } \
  >"$dest/LICENSE-DroidSansFallback.txt"
{
  echo "# fonts-noto-core $(dpkg-query -W -f='${Version}' fonts-noto-core)," \
    "fonts-droid-fallback $(dpkg-query -W -f='${Version}' fonts-droid-fallback)"
  (cd "$dest" && sha256sum ./*.ttf)
} >"$dest/SHA256SUMS"
log "fonts in $dest:"
ls -l "$dest" >&2
