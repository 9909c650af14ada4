#include "trace/trace-gta04_hw_timer.h"
