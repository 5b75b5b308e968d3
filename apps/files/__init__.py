"""Files: a file manager over the device's virtual storage (``/sdcard``)."""
