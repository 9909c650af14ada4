#include "trace/trace-gta04_hw_sd.h"
