// Appears once the page is scrolled past SCROLL_TOP_THRESHOLD_PX and brings it back to the top.
import { useEffect, useState } from 'react';
import { Fab, Zoom } from '@mui/material';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTranslate } from 'react-admin';
import { SCROLL_TOP_THRESHOLD_PX } from '../../domain/constants';

export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  const translate = useTranslate();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="small"
        aria-label={translate('app.header.scrollTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <ArrowUpwardIcon />
      </Fab>
    </Zoom>
  );
}
