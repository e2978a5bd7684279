#!/usr/bin/env bash
# System packages the tests use, from Debian: Chromium (the panel's browser
# tests), graphviz (the tree picture of saved notebooks), Node.js (the
# panel's front-end build), tesseract with its English data (the images
# agent's OCR) and espeak-ng (offline narration). Installs only what is missing, with one
# `apt-get update`. Where apt cannot run, it says what is missing and goes on:
# the tests that need it then skip with the same message, never silently.
set -euo pipefail

declare -A wanted=([chromium]=chromium [dot]=graphviz [node]=nodejs [npm]=npm
                   [tesseract]=tesseract-ocr [espeak-ng]=espeak-ng)
missing=()
for cmd in "${!wanted[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${wanted[$cmd]}")
done
# OCR reads English with tesseract's "eng" data, a package of its own.
[ -f /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ] \
  || [ -f /usr/share/tesseract-ocr/4.00/tessdata/eng.traineddata ] \
  || missing+=(tesseract-ocr-eng)
[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  echo "system_deps: installing ${missing[*]} from Debian"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "system_deps: missing ${missing[*]} and cannot use apt here (needs root and apt-get);" \
       "install them yourself, or the tests that need them will skip and say so" >&2
fi
