#include "trace/trace-gta04_hw_i2c.h"
