#include "trace/trace-gta04_hw_input.h"
