#include "trace/trace-gta04_hw_arm.h"
