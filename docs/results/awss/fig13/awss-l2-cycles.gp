# ccgpu plot: cycles against param, from docs/results/awss/fig13/awss-l2.csv
# render with: gnuplot awss-l2-cycles.gp (in this folder; Debian package gnuplot-nox)
set terminal svg size 900,540 dynamic noenhanced font 'sans,12' background rgb 'white'
set output 'awss-l2-cycles.svg'
set title 'awss-l2'
set xlabel 'param'
set ylabel 'cycles'
set key outside right top
set grid ytics
set yrange [0:*]
set logscale x 2
$s0 << EOD
384 948334
768 823797
1536 818070
EOD
$s1 << EOD
384 1810917
768 1087478
1536 839251
EOD
$s2 << EOD
384 1506527
768 1016136
1536 836005
EOD
$s3 << EOD
384 1439122
768 1438705
1536 1437975
EOD
$s4 << EOD
384 1508144
768 1507836
1536 1487600
EOD
$s5 << EOD
384 1507099
768 1500601
1536 1487600
EOD
plot $s0 using 1:2 with linespoints title 'bfs scheme=max-TLP', \
     $s1 using 1:2 with linespoints title 'bfs scheme=AwssSche', \
     $s2 using 1:2 with linespoints title 'bfs scheme=AwssSche-Relax', \
     $s3 using 1:2 with linespoints title 'mesh scheme=max-TLP', \
     $s4 using 1:2 with linespoints title 'mesh scheme=AwssSche', \
     $s5 using 1:2 with linespoints title 'mesh scheme=AwssSche-Relax'
