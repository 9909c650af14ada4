#include "trace/trace-gta04_hw_misc_twl4030.h"
