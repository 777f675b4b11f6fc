/* FreeType 2, for rasterizing glyphs into 8-bit coverage masks (Toolkit/Rendering/Font.swift).
 * FT_FREETYPE_H is a macro naming the header; include the header directly so the module map stays plain. */
#include <ft2build.h>
#include <freetype/freetype.h>
