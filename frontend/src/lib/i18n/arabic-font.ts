// IBM Plex Sans Arabic (SIL Open Font License 1.1), served from our own origin. Its faces cover the Arabic range
// only: Latin letters and digits keep the system font of the English screens.
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
