/*
 * TI OMAP3 (DM37x / OMAP3630) 32-kHz watchdog timer (WDT2, WDT3)
 *
 * A 32-bit up-counter at 32768 Hz / 2^PTV.  When it overflows it reloads
 * from WLDR, sets WISR.OVF (interrupt if WIER) and, for WDT2, sends the
 * reset pulse that makes the PRCM do a global warm reset: here that is
 * watchdog_perform_action(), i.e. the -action watchdog=... policy, a reset
 * by default.  WSPR takes the start (0xBBBB, 0x4444) and stop (0xAAAA,
 * 0x5555) sequences; WTGR reloads when written with a new value; writes
 * complete at once, so WWPS always reads 0 (DM37x TRM SPRUGN4 section 16.5;
 * Linux drivers/watchdog/omap_wdt.c and arch/arm/mach-omap2/wd_timer.c).
 *
 * Reset state.  On the silicon WDT2 counts out of every reset, from
 * WLDR = 0xFFFB0000 at 32768 Hz, so it expires after 10 s [the WCRR reset
 * value is unverified; we load it from WLDR].  TI's boot ROM does not stop
 * it; on a GTA04 X-Loader/U-Boot do before Linux starts, and Linux's hwmod
 * code soft-resets and stops it again at boot.  That is the
 * "running-at-reset" property (default true).  The DM3730 model clears it
 * for WDT2 because both of its boot paths replace that firmware: QEMU's
 * -kernel loader jumps straight to Linux, which would otherwise have to
 * reach hwmod init within 10 s of TCG time, and without a kernel our
 * stand-in ROM idles in WFI, where the running watchdog would reset the
 * board every 10 s with nothing on the console to say why.  Set
 * dm3730.wdt2-running-at-reset=on to get the silicon behaviour.
 *
 * Copyright (c) 2026 qemu-gta04 developers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "gta04-compat.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "hw/watchdog/omap3_wdt.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/registerfields.h"
#include "hw/qdev-clock.h"
#include "migration/vmstate.h"
#include GTA04_SYSTEM_WATCHDOG_H
#include "trace.h"

REG32(WIDR, 0x00)
REG32(WD_SYSCONFIG, 0x10)
    FIELD(WD_SYSCONFIG, AUTOIDLE, 0, 1)
    FIELD(WD_SYSCONFIG, SOFTRESET, 1, 1)
    FIELD(WD_SYSCONFIG, ENAWAKEUP, 2, 1)
    FIELD(WD_SYSCONFIG, IDLEMODE, 3, 2)
    FIELD(WD_SYSCONFIG, EMUFREE, 5, 1)
    FIELD(WD_SYSCONFIG, CLOCKACTIVITY, 8, 2)
REG32(WD_SYSSTATUS, 0x14)
    FIELD(WD_SYSSTATUS, RESETDONE, 0, 1)
REG32(WISR, 0x18)
    FIELD(WISR, OVF_IT_FLAG, 0, 1)
REG32(WIER, 0x1c)
    FIELD(WIER, OVF_IT_ENA, 0, 1)
REG32(WCLR, 0x24)
    FIELD(WCLR, PTV, 2, 3)
    FIELD(WCLR, PRE, 5, 1)
REG32(WCRR, 0x28)
REG32(WLDR, 0x2c)
REG32(WTGR, 0x30)
REG32(WWPS, 0x34)
REG32(WSPR, 0x48)

/* WIDR revision [value unverified] */
#define WDT_WIDR_VALUE          0x31
#define WDT_SYSCONFIG_MASK      (R_WD_SYSCONFIG_AUTOIDLE_MASK | \
                                 R_WD_SYSCONFIG_ENAWAKEUP_MASK | \
                                 R_WD_SYSCONFIG_IDLEMODE_MASK | \
                                 R_WD_SYSCONFIG_EMUFREE_MASK | \
                                 R_WD_SYSCONFIG_CLOCKACTIVITY_MASK)
#define WDT_WCLR_MASK           (R_WCLR_PTV_MASK | R_WCLR_PRE_MASK)
/* reset values: prescaler enabled with ratio 1, 10 s to the first overflow */
#define WDT_WCLR_RESET          R_WCLR_PRE_MASK
#define WDT_WLDR_RESET          0xfffb0000

#define WDT_START1              0xbbbb
#define WDT_START2              0x4444
#define WDT_STOP1               0xaaaa
#define WDT_STOP2               0x5555

#define WDT_WRAP                (1ULL << 32)

/* WCLR.PRE/PTV: the counter advances every 2^PTV 32-kHz cycles */
static uint64_t wdt_prescale(OMAP3WDTState *s)
{
    if (!FIELD_EX32(s->wclr, WCLR, PRE)) {
        return 1;
    }
    return 1ULL << FIELD_EX32(s->wclr, WCLR, PTV);
}

static void wdt_update_irq(OMAP3WDTState *s)
{
    bool level = s->wisr & s->wier & R_WISR_OVF_IT_FLAG_MASK;

    if (level != s->irq_level) {
        s->irq_level = level;
        trace_omap3_wdt_irq(DEVICE(s)->canonical_path, level);
        qemu_set_irq(s->irq, level);
    }
}

static void wdt_expire(OMAP3WDTState *s)
{
    trace_omap3_wdt_expired(DEVICE(s)->canonical_path, s->reset_on_expiry);
    if (s->wier & R_WIER_OVF_IT_ENA_MASK) {
        s->wisr |= R_WISR_OVF_IT_FLAG_MASK;
    }
    if (s->reset_on_expiry) {
        watchdog_perform_action();
    }
}

/* The functional clock's rate: the CM's 32 kHz (WKUP / PER 32k_FCLK) */
static uint32_t wdt_freq(OMAP3WDTState *s)
{
    return clock_get_hz(s->fclk);
}

/* Bring WCRR up to the current virtual time */
static void wdt_sync(OMAP3WDTState *s)
{
    uint64_t steps, to_ovf, period;

    if (!s->running) {
        return;
    }
    steps = omap3_counter_steps(&s->counter, wdt_freq(s), wdt_prescale(s));
    if (!steps) {
        return;
    }
    to_ovf = WDT_WRAP - s->wcrr;
    if (steps < to_ovf) {
        s->wcrr += steps;
        return;
    }
    /* overflow: reload from WLDR and count on (missed periods fire once) */
    steps -= to_ovf;
    period = WDT_WRAP - s->wldr;
    s->wcrr = s->wldr + steps % period;
    wdt_expire(s);
    wdt_update_irq(s);
}

static void wdt_schedule(OMAP3WDTState *s)
{
    if (!s->timer) {
        return;     /* reset before realize */
    }
    if (!s->running || !wdt_freq(s) ||
        (!s->reset_on_expiry && !(s->wier & R_WIER_OVF_IT_ENA_MASK))) {
        timer_del(s->timer);
        return;
    }
    omap3_timer_mod(s->timer,
                    omap3_counter_deadline(&s->counter, wdt_freq(s),
                                           wdt_prescale(s),
                                           WDT_WRAP - s->wcrr));
}

static void wdt_timer_expired(void *opaque)
{
    OMAP3WDTState *s = opaque;

    wdt_sync(s);
    wdt_schedule(s);
}

static void wdt_set_running(OMAP3WDTState *s, bool running)
{
    if (running == s->running) {
        return;
    }
    trace_omap3_wdt_run(DEVICE(s)->canonical_path, running, s->wcrr);
    s->running = running;
    if (running) {
        omap3_counter_restart(&s->counter, wdt_freq(s));
    }
}

/* Module reset (power-on, WD_SYSCONFIG.SOFTRESET) */
static void wdt_reset_registers(OMAP3WDTState *s)
{
    s->sysconfig = 0;
    s->wisr = 0;
    s->wier = 0;
    s->wclr = WDT_WCLR_RESET;
    s->wldr = WDT_WLDR_RESET;
    s->wcrr = WDT_WLDR_RESET;
    s->wtgr = 0;
    s->wspr = 0;
    s->running = false;
    wdt_set_running(s, s->running_at_reset);
}

static uint64_t wdt_read(void *opaque, hwaddr addr, unsigned size)
{
    OMAP3WDTState *s = opaque;
    uint32_t value = 0;

    wdt_sync(s);
    switch (addr) {
    case A_WIDR:
        value = WDT_WIDR_VALUE;
        break;
    case A_WD_SYSCONFIG:
        value = s->sysconfig;
        break;
    case A_WD_SYSSTATUS:
        /* the soft reset completes at once */
        value = R_WD_SYSSTATUS_RESETDONE_MASK;
        break;
    case A_WISR:
        value = s->wisr;
        break;
    case A_WIER:
        value = s->wier;
        break;
    case A_WCLR:
        value = s->wclr;
        break;
    case A_WCRR:
        value = s->wcrr;
        break;
    case A_WLDR:
        value = s->wldr;
        break;
    case A_WTGR:
        value = s->wtgr;
        break;
    case A_WWPS:
        /* no write is ever pending */
        value = 0;
        break;
    case A_WSPR:
        value = s->wspr;
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: read of unknown register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    }
    trace_omap3_wdt_read(DEVICE(s)->canonical_path, addr, value);
    return value;
}

/* WCLR, WCRR, WLDR ignore writes while the counter runs (omap_wdt.c) */
static bool wdt_writable_when_stopped(OMAP3WDTState *s, hwaddr addr)
{
    if (s->running) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to 0x%02" HWADDR_PRIx " ignored: the "
                      "watchdog is running\n", DEVICE(s)->canonical_path,
                      addr);
        return false;
    }
    return true;
}

static void wdt_write(void *opaque, hwaddr addr, uint64_t data, unsigned size)
{
    OMAP3WDTState *s = opaque;
    uint32_t value = data;

    wdt_sync(s);
    trace_omap3_wdt_write(DEVICE(s)->canonical_path, addr, value);
    switch (addr) {
    case A_WD_SYSCONFIG:
        if (FIELD_EX32(value, WD_SYSCONFIG, SOFTRESET)) {
            /* self-clearing; back to the reset state, running or not */
            trace_omap3_wdt_softreset(DEVICE(s)->canonical_path);
            wdt_reset_registers(s);
        } else {
            s->sysconfig = value & WDT_SYSCONFIG_MASK;
        }
        break;
    case A_WISR:
        s->wisr &= ~(value & R_WISR_OVF_IT_FLAG_MASK);
        break;
    case A_WIER:
        s->wier = value & R_WIER_OVF_IT_ENA_MASK;
        break;
    case A_WCLR:
        if (wdt_writable_when_stopped(s, addr)) {
            s->wclr = value & WDT_WCLR_MASK;
        }
        break;
    case A_WCRR:
        if (wdt_writable_when_stopped(s, addr)) {
            s->wcrr = value;
        }
        break;
    case A_WLDR:
        if (wdt_writable_when_stopped(s, addr)) {
            s->wldr = value;
        }
        break;
    case A_WTGR:
        /* a value different from the last one reloads WCRR from WLDR */
        if (value != s->wtgr) {
            s->wcrr = s->wldr;
            if (s->running) {
                omap3_counter_restart(&s->counter, wdt_freq(s));
            }
            trace_omap3_wdt_trigger(DEVICE(s)->canonical_path, s->wldr);
        }
        s->wtgr = value;
        break;
    case A_WSPR:
        if (s->wspr == WDT_START1 && value == WDT_START2) {
            wdt_set_running(s, true);
        } else if (s->wspr == WDT_STOP1 && value == WDT_STOP2) {
            wdt_set_running(s, false);
        }
        s->wspr = value;
        break;
    case A_WIDR:
    case A_WD_SYSSTATUS:
    case A_WWPS:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to read-only register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    default:
        qemu_log_mask(LOG_GUEST_ERROR,
                      "%s: write to unknown register 0x%02" HWADDR_PRIx "\n",
                      DEVICE(s)->canonical_path, addr);
        break;
    }
    wdt_update_irq(s);
    wdt_schedule(s);
}

static const MemoryRegionOps wdt_ops = {
    .read = wdt_read,
    .write = wdt_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void wdt_reset_enter(Object *obj, ResetType type)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);

    wdt_reset_registers(s);
}

static void wdt_reset_hold(Object *obj, ResetType type)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);

    wdt_update_irq(s);
    wdt_schedule(s);
}
GTA04_RESET_PHASE_COMPAT(wdt_reset_hold);

/* The 32 kHz clock changes rate: count at the old rate up to now */
static void wdt_fclk_update(void *opaque, ClockEvent event)
{
    OMAP3WDTState *s = opaque;

    switch (event) {
    case ClockPreUpdate:
        wdt_sync(s);
        break;
    case ClockUpdate:
        omap3_counter_rebase(&s->counter);
        wdt_schedule(s);
        break;
    default:
        g_assert_not_reached();
    }
}

static void wdt_init(Object *obj)
{
    OMAP3WDTState *s = OMAP3_WDT(obj);
    SysBusDevice *sbd = SYS_BUS_DEVICE(obj);

    memory_region_init_io(&s->iomem, obj, &wdt_ops, s, TYPE_OMAP3_WDT,
                          OMAP3_WDT_MMIO_SIZE);
    sysbus_init_mmio(sbd, &s->iomem);
    sysbus_init_irq(sbd, &s->irq);
    s->fclk = qdev_init_clock_in(DEVICE(obj), "fclk", wdt_fclk_update, s,
                                 ClockPreUpdate | ClockUpdate);
}

static void wdt_realize(DeviceState *dev, Error **errp)
{
    OMAP3WDTState *s = OMAP3_WDT(dev);

    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, wdt_timer_expired, s);
}

static void wdt_unrealize(DeviceState *dev)
{
    OMAP3WDTState *s = OMAP3_WDT(dev);

    timer_free(s->timer);
}

static int wdt_post_load(void *opaque, int version_id)
{
    OMAP3WDTState *s = opaque;

    s->irq_level = s->wisr & s->wier & R_WISR_OVF_IT_FLAG_MASK;
    return 0;
}

static const VMStateDescription vmstate_omap3_wdt = {
    .name = TYPE_OMAP3_WDT,
    /* version 2: the functional clock and the counter's epoch */
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = wdt_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_TIMER_PTR(timer, OMAP3WDTState),
        VMSTATE_CLOCK(fclk, OMAP3WDTState),
        VMSTATE_INT64(counter.epoch_ns, OMAP3WDTState),
        VMSTATE_UINT32(sysconfig, OMAP3WDTState),
        VMSTATE_UINT32(wisr, OMAP3WDTState),
        VMSTATE_UINT32(wier, OMAP3WDTState),
        VMSTATE_UINT32(wclr, OMAP3WDTState),
        VMSTATE_UINT32(wcrr, OMAP3WDTState),
        VMSTATE_UINT32(wldr, OMAP3WDTState),
        VMSTATE_UINT32(wtgr, OMAP3WDTState),
        VMSTATE_UINT32(wspr, OMAP3WDTState),
        VMSTATE_BOOL(running, OMAP3WDTState),
        VMSTATE_UINT64(counter.ref_ticks, OMAP3WDTState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property wdt_properties[] = {
    DEFINE_PROP_BOOL("running-at-reset", OMAP3WDTState, running_at_reset, true),
    DEFINE_PROP_BOOL("reset-on-expiry", OMAP3WDTState, reset_on_expiry, true),
};

static void wdt_class_init(ObjectClass *oc, const void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);

    dc->desc = "OMAP3 32-kHz watchdog timer";
    dc->realize = wdt_realize;
    dc->unrealize = wdt_unrealize;
    dc->vmsd = &vmstate_omap3_wdt;
    device_class_set_props(dc, wdt_properties);
    rc->phases.enter = wdt_reset_enter;
    rc->phases.hold = GTA04_RESET_PHASE(wdt_reset_hold);
    dc->user_creatable = false;
}
GTA04_CLASS_INIT_COMPAT(wdt_class_init);

static const TypeInfo wdt_info = {
    .name = TYPE_OMAP3_WDT,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(OMAP3WDTState),
    .instance_init = wdt_init,
    .class_init = GTA04_CLASS_INIT(wdt_class_init),
};

static void wdt_register_types(void)
{
    type_register_static(&wdt_info);
}

type_init(wdt_register_types)
