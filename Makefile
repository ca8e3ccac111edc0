# SPDX-License-Identifier: GPL-2.0
#
# The one entry point of the project.  A newcomer runs `make run` and
# `make test`; README.md says what they print.  Everything built goes
# under build/ (disposable); ccache keeps rebuilds fast.
#
#   make run [POLICY=rr] [VCPUS=2]   boot under QEMU, run the demo, exit
#   make shell [POLICY=rr]           interactive shell in the guest
#   make test                        KUnit + boot tests, "N passed, N failed"
#   make stress [STRESS_S=180]       the reliability suite under every policy
#                                    (load, faults, bad input, exploits)
#   make module M=DIR                build the policy in DIR as a module
#                                    against the built kernel
#   make compare [QUICK=1] [SCENARIOS="E1 E4"] [POLICIES="eevdf o1"]
#                [RUNS=5] [VCPUS=2]  the experiments on every policy, report
#                [ICOUNT=1]          in results/<timestamp>/ (README);
#                                    ICOUNT=1: guest time in instructions
#   make sim [POLICY=o1] [WORKLOAD=sim/workloads/nice.txt] [CPUS=1]
#            [M=DIR] [SIM_ARGS="--time 30s --seed 2"]
#                                    the policies' unchanged code on simulated
#                                    CPUs, in seconds (sim/README.md); no
#                                    POLICY: every policy in turn
#   make fidelity                    each policy at 1 vCPU: nice shares, worst
#                                    wait of 4 hogs, sleeper latency, yield
#                                    storm, one table beside the originals'
#   make rootfs                      the Debian image compare boots (root)
#   make deb [BASE_CONFIG=/boot/config-$(uname -r)]
#                                    Debian packages of the perf kernel and
#                                    of sched-switch, in build/deb/
#   make deps | tree | kernel | initramfs | clean
#   FLAVOUR=test|perf|stock          debug test kernel (default), the
#                                    measurement kernel without debug options,
#                                    or that config on Linux without our patches
#                                    (rtgroup: the test kernel with RT group
#                                    scheduling, for one boot of make test)
#   KSRC=/path/to/linux-6.12.y      use another 6.12.y tree instead of
#                                    Debian's linux-source-6.12

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

FLAVOUR ?= test
KSRC ?=
POLICY ?=
VCPUS ?= 2
MEM ?= 512
TIMEOUT ?= 600
JOBS ?= $(shell nproc)

BUILD := $(CURDIR)/build
ifeq ($(FLAVOUR),stock)
TREE := $(BUILD)/linux-stock
ASSEMBLE := boot/assemble-tree --stock
else
TREE := $(BUILD)/linux
ASSEMBLE := boot/assemble-tree
endif
BASE_CONFIG ?=
OBJ := $(BUILD)/obj-$(FLAVOUR)$(if $(BASE_CONFIG),-base)
export BASE_CONFIG
KIMAGE := $(OBJ)/arch/x86/boot/bzImage
INITRD := $(BUILD)/initramfs.cpio.gz
PROGS_DIR := $(BUILD)/progs
PROGS := $(patsubst tests/progs/%.c,$(PROGS_DIR)/%,$(wildcard tests/progs/*.c))
MODULES_DIR := $(BUILD)/modules
MODULES_STAMP := $(MODULES_DIR)/.built
M ?= kernel/sched_rr
OUR_KERNEL_FILES := $(shell find kernel include sysfs -type f 2>/dev/null)
# eevdf plus every policy directory: what make test boots.
POLICIES := eevdf $(filter-out core,$(patsubst kernel/sched_%/,%,$(wildcard kernel/sched_*/)))
# Clean clones elsewhere on this machine share the ccache.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
KMAKE := $(MAKE) -C $(TREE) O=$(OBJ) CC="ccache gcc" HOSTCC="ccache gcc"
QEMU_RUN := boot/qemu-run --kernel $(KIMAGE) --initrd $(INITRD) \
	--cpus $(VCPUS) --mem $(MEM) --policy "$(POLICY)"

# make compare: the measurement kernels, an initramfs without the test
# modules, the Debian root file system, then the runner.
COMPARE_DIR := $(BUILD)/compare
COMPARE_INITRD := $(COMPARE_DIR)/initramfs.cpio.gz
ROOTFS := $(COMPARE_DIR)/rootfs.img
SCENARIOS ?= E0 E1 E2 E3 E4 E5 E6
QUICK ?=
RUNS ?= $(if $(QUICK),1,5)
RESULTS ?= results/$(shell date -u +%Y%m%d-%H%M%S)
ICOUNT ?=

DEB_DIR := $(BUILD)/deb
STRESS_S ?= 180

.PHONY: help deps tree kernel initramfs module run shell test clean compare rootfs deb deb-kernel stress fidelity sim

help:
	@sed -n '3,/^$$/s/^# \{0,1\}//p' Makefile

deps:
	@boot/deps

tree: deps
	@$(ASSEMBLE) $(TREE) $(KSRC)

kernel: tree
	@$(MAKE) --no-print-directory $(KIMAGE)

$(OBJ)/.config: boot/make-config $(wildcard boot/config/*.config) \
		$(TREE)/.sched-policy-stamp $(BASE_CONFIG)
	boot/make-config $(TREE) $(OBJ) $(FLAVOUR) CC="ccache gcc" HOSTCC="ccache gcc"

# kbuild decides what to rebuild; make only calls it when an input changed.
# The image is dated when the build began, so that a file edited during
# the build makes the next make call kbuild again.
$(KIMAGE): $(OBJ)/.config $(if $(filter stock,$(FLAVOUR)),,$(OUR_KERNEL_FILES))
	@touch $(OBJ)/.build-start
	+$(KMAKE) -j$(JOBS) bzImage modules
	@touch -r $(OBJ)/.build-start $@
	@echo "kernel: $$(cat $(OBJ)/include/config/kernel.release) -> $@"

initramfs: deps kernel
	@$(MAKE) --no-print-directory $(INITRD)

$(PROGS_DIR)/%: tests/progs/%.c tests/progs/progs.h
	@mkdir -p $(PROGS_DIR)
	gcc -static -O2 -Wall -Werror -o $@ $< -lpthread

# The out-of-tree modules the guest tests load (boot/build-modules).
$(MODULES_STAMP): $(KIMAGE) boot/build-modules boot/new-policy \
		$(wildcard kernel/sched_rr/* tests/modules/*/*)
	boot/build-modules $(OBJ) $(MODULES_DIR)
	@touch $@

$(INITRD): boot/mkinitramfs boot/sched-switch boot/initramfs/init $(wildcard tests/guest/*.sh bench/guest/*.sh) \
		$(PROGS) $(MODULES_STAMP)
	boot/mkinitramfs $@ $(PROGS_DIR) $(MODULES_DIR)

# A policy directory built out of tree, in a copy under build/ so the
# source stays clean: the Kconfig symbol it declares first is set to m for
# the build (see boot/new-policy).
module: kernel
	@[ -f "$(M)/Kconfig" ] || { echo "module: $(M)/Kconfig not found (M=policy directory)"; exit 2; }
	@dst=$(BUILD)/module-$(notdir $(abspath $(M))); rm -rf $$dst; cp -r $(M) $$dst; \
	sym=$$(sed -n 's/^config //p' "$(M)/Kconfig" | head -n 1); \
	$(MAKE) --no-print-directory -C $(OBJ) M=$$dst CC="ccache gcc" \
		CONFIG_$$sym=m modules; \
	echo "module: $$(ls $$dst/*.ko)"

run: kernel initramfs
	@rc=0; $(QEMU_RUN) --append "sptests=demo" --timeout $(TIMEOUT) \
		--log $(BUILD)/run.log || rc=$$?; \
	grep -a 'sched_policy:' $(BUILD)/run.log | sed 's/\r$$//' || true; \
	sed -n '/SPTEST: begin demo/,/SPTEST: done/p' $(BUILD)/run.log | sed 's/\r$$//'; \
	echo "run: full console log in $(BUILD)/run.log"; exit $$rc

shell: kernel initramfs
	@$(QEMU_RUN) --append "sptests=shell" --interactive

RTGROUP_KIMAGE := $(BUILD)/obj-rtgroup/arch/x86/boot/bzImage
test: kernel initramfs
	@$(MAKE) --no-print-directory FLAVOUR=rtgroup kernel
	@tests/run --kernel $(KIMAGE) --initrd $(INITRD) --logdir $(BUILD)/test-logs \
		--obj $(OBJ) --tree $(TREE) --policies "$(POLICIES)" \
		--rtgroup-kernel $(RTGROUP_KIMAGE)

stress: kernel initramfs
	@tests/run --kernel $(KIMAGE) --initrd $(INITRD) --logdir $(BUILD)/stress-logs \
		--policies "$(POLICIES)" --stress $(STRESS_S)

fidelity: kernel initramfs
	@bench/fidelity --kernel $(KIMAGE) --initrd $(INITRD) --logdir $(BUILD)/fidelity-logs

# make sim: M only when given (the default M is make module's)
SIM_M := $(if $(filter command line environment,$(origin M)),$(abspath $(M)))
SIM_OUT := $(BUILD)/sim$(if $(SIM_M),-$(notdir $(SIM_M)))
WORKLOAD ?= sim/workloads/nice.txt
CPUS ?= 1
SIM_ARGS ?=
sim: tree
	@$(MAKE) --no-print-directory -s -C sim TOOLS=$(TREE)/tools OUT=$(SIM_OUT) M=$(SIM_M)
	@rc=0; for p in $(or $(POLICY),$$($(SIM_OUT)/sim --list | cut -d' ' -f1)); do \
		$(SIM_OUT)/sim --policy $$p --workload $(WORKLOAD) --cpus $(CPUS) \
			--json $(SIM_OUT)/$$p.jsonl $(SIM_ARGS) || rc=$$?; \
		echo "sim: JSON lines in $(SIM_OUT)/$$p.jsonl"; \
	done; exit $$rc

$(COMPARE_INITRD): boot/mkinitramfs boot/sched-switch boot/initramfs/init \
		$(wildcard tests/guest/*.sh bench/guest/*.sh) $(PROGS)
	boot/mkinitramfs $@ $(PROGS_DIR)

rootfs: deps
	boot/mkrootfs $(ROOTFS)

compare: deps
	@$(MAKE) --no-print-directory FLAVOUR=perf kernel
	@$(if $(filter E0,$(SCENARIOS)),$(MAKE) --no-print-directory FLAVOUR=stock kernel,true)
	@$(MAKE) --no-print-directory $(COMPARE_INITRD)
	@boot/mkrootfs $(ROOTFS) || echo "compare: no root file system; hackbench and build cells will fail"
	$(if $(ICOUNT),ACCEL=icount) bench/compare/runner.py --kernel $(BUILD)/obj-perf/arch/x86/boot/bzImage \
		$(if $(filter E0,$(SCENARIOS)),--stock-kernel $(BUILD)/obj-stock/arch/x86/boot/bzImage) \
		--initrd $(COMPARE_INITRD) --rootfs $(ROOTFS) --out $(RESULTS) \
		--policies "$(POLICIES)" --scenarios "$(SCENARIOS)" --runs $(RUNS) \
		--vcpus $(VCPUS) $(if $(QUICK),--quick)

# kbuild's bindeb-pkg on the measurement kernel (its own local version,
# -schedpolicy, so it installs beside the distribution's), then the
# sched-policy-tools package with sched-switch.
deb: deps
	@$(MAKE) --no-print-directory FLAVOUR=perf kernel
	@$(MAKE) --no-print-directory FLAVOUR=perf deb-kernel
	boot/mkdeb-tools $(DEB_DIR)
	@ls -l $(DEB_DIR)

deb-kernel:
	+$(KMAKE) -j$(JOBS) bindeb-pkg
	@mkdir -p $(DEB_DIR)
	@mv $(dir $(OBJ))*.deb $(dir $(OBJ))*.buildinfo $(dir $(OBJ))*.changes $(DEB_DIR)/ 2>/dev/null || true

clean:
	rm -rf $(BUILD)
