/* libpng 1.6, for writing screenshots and test images as PNG through its simplified API
 * (ToolkitCore/Rendering/PNGEncoder.swift) and for reading them back in tests. */
#include <png.h>

/* PNG_FORMAT_RGBA is a macro built from other macros, which Swift does not import: 8-bit RGBA, straight alpha. */
static const png_uint_32 toolkit_png_format_rgba = PNG_FORMAT_RGBA;
