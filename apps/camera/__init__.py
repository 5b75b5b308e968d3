"""Camera: photos and videos into DCIM/Camera, the media provider and Gallery."""
