#include "trace/trace-gta04_hw_char.h"
