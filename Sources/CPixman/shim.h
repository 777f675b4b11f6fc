#include <pixman.h>
/* wmemset: 32-bit fills of pixel rows (Canvas.fillPixels). */
#include <wchar.h>
