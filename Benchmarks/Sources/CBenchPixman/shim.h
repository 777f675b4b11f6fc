// pixman, for the reference full-frame copy the frame budget is measured against.
#include <pixman.h>
