/* The text stack of Canvas text (ToolkitCore/Rendering): fontconfig finds faces by family, weight and language
 * and lists the fallbacks; HarfBuzz shapes runs (kerning, ligatures, marks, right-to-left); FreeType rasterizes
 * glyphs into 8-bit coverage masks. One module, so that the FT_Face of hb-ft.h and of FreeType are one type.
 * FT_FREETYPE_H is a macro naming the header; include the header directly so the module map stays plain. */
#include <ft2build.h>
#include <freetype/freetype.h>
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>

/* Flag macros built from other macros, which Swift does not import. */
static const int toolkit_ft_load_render_no_bitmap = FT_LOAD_RENDER | FT_LOAD_NO_BITMAP;
static const int toolkit_ft_load_default = FT_LOAD_DEFAULT;
