# ccgpu plot: cycles, l2_misses against contention, from docs/results/awss/fig3-10/awss-opttlp.csv
# render with: gnuplot awss-fig2.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-fig2.svg'
set title 'cycles and L2 misses vs cache contention ratio (Fig. 2)'
set xlabel 'contention'
set ylabel 'cycles, l2_misses'
set key outside right top
set grid ytics
set yrange [0:*]
$s0 << EOD
0.23999999999999999 1463866
0.47999999999999998 1437759
0.72699999999999998 1436246
0.97199999999999998 1438705
0.97199999999999998 1438768
0.97199999999999998 1438711
0.97199999999999998 1438705
EOD
$s1 << EOD
2.468 972504
5.0289999999999999 839260
7.4989999999999997 822535
9.9359999999999999 824240
12.327999999999999 824271
14.82 823797
14.82 823797
EOD
$s2 << EOD
8.4809999999999999 4016222
17.058 5086761
17.058 5086761
EOD
$s3 << EOD
0.23999999999999999 226446
0.47999999999999998 226446
0.72699999999999998 226446
0.97199999999999998 226446
0.97199999999999998 226446
0.97199999999999998 226446
0.97199999999999998 226446
EOD
$s4 << EOD
2.468 203158
5.0289999999999999 210086
7.4989999999999997 219476
9.9359999999999999 226340
12.327999999999999 228743
14.82 229346
14.82 229346
EOD
$s5 << EOD
8.4809999999999999 3241201
17.058 4706001
17.058 4706001
EOD
plot $s0 using 1:2 with linespoints title 'mesh cycles', \
     $s1 using 1:2 with linespoints title 'bfs cycles', \
     $s2 using 1:2 with linespoints title 'spmv cycles', \
     $s3 using 1:2 with linespoints title 'mesh l2_misses', \
     $s4 using 1:2 with linespoints title 'bfs l2_misses', \
     $s5 using 1:2 with linespoints title 'spmv l2_misses'
