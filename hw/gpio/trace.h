#include "trace/trace-gta04_hw_gpio.h"
