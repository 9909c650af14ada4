#include "trace/trace-gta04_hw_watchdog.h"
