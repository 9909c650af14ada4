#include "trace/trace-gta04_hw_intc.h"
