#include "trace/trace-gta04_hw_misc.h"
