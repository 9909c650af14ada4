#include "trace/trace-gta04_hw_usb.h"
