#include "trace/trace-gta04_hw_rtc.h"
